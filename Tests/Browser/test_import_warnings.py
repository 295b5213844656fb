"""An import with zero or negative prices loads, and the page's import message names the line."""
from test_page import open_page, page  # noqa: F401  (fixtures)
from workbench_server import small_csv


def test_import_message_names_the_first_non_positive_price(page, server, tmp_path):
    open_page(page, server)
    odd = tmp_path / "odd.csv"
    odd.write_text("Date,Close\n2021-01-01,100\n2021-01-02,0\n2021-01-03,-4\n2021-01-04,90\n")
    try:
        page.locator("#csv-file").set_input_files(str(odd))
        page.wait_for_function("() => document.querySelector('#data-status').textContent.includes('4 prices')")
        status = page.locator("#data-status")
        assert "line 3" in status.text_content() and "zero or negative" in status.text_content()
        assert "error" not in (status.get_attribute("class") or "")
    finally:
        restore = tmp_path / "restore.csv"
        restore.write_text(small_csv())
        page.locator("#csv-file").set_input_files(str(restore))  # the shared server's data back
        page.wait_for_function("() => document.querySelector('#data-status').textContent.includes('2,000 prices')")
