"""The Explore panel says why: under the pair what it tests, under the best why it is the best
and what matters most, as text with bars beside it. Answered with real clicks and keys."""
from test_page import sync_api  # noqa: F401  (fixtures)
from decide_pages import people, serious  # noqa: F401  (fixtures)
from test_explore_page import start_explore, wait_answers


def test_the_pair_says_what_it_tests_and_the_best_why(people):
    fay = people("Fay")
    start_explore(fay, "inactiveLineWidth", "fillEnabled")
    testing = fay.locator("#explore-testing")
    fay.wait_for_function("() => document.querySelector('#explore-testing').textContent.startsWith('This pair tests ')")
    assert fay.locator("#explore-why").is_hidden() and fay.locator("#explore-importance").is_hidden()

    for n in range(1, 6):
        fay.wait_for_function("() => !document.querySelector('[data-explore-choice=a]').disabled", timeout=10000)
        if n % 2:
            fay.keyboard.press("1")
        else:
            fay.get_by_role("button", name="B is better").click()
        wait_answers(fay, n)
    fay.wait_for_function("() => document.querySelector('#explore-testing').textContent.startsWith('This pair tests ')")
    # The page shows the server's words, as they are.
    round_ = fay.evaluate("fetch('/api/explore').then(r => r.json()).then(l => l[0])")
    best = round_["best"]
    fay.wait_for_function("t => document.querySelector('#explore-why').textContent === t", arg="Why: " + best["why"])
    assert fay.locator("#explore-why").is_visible()
    items = fay.locator("#explore-importance li")
    assert items.all_inner_texts() == [i["text"] for i in best["importance"]]
    assert fay.locator("#explore-importance").get_attribute("aria-label") == "What matters to the model, most first"
    assert fay.locator("#explore-importance .bar").first.get_attribute("aria-hidden") == "true"
    assert testing.is_visible() and " (" in testing.inner_text()
    # Four at a time: "These four test …".
    fay.locator("label", has=fay.get_by_role("radio", name="Four")).click()
    fay.wait_for_function("() => document.querySelector('#explore-testing').textContent.startsWith('These four test ')", timeout=10000)
    assert serious(fay, "#explore-dialog") == []
    assert fay.errors == []
