#!/usr/bin/env python3
"""Screenshots of a running workbench as a person sees it: screenshot.py URL OUT_DIR."""
import shutil
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright


def main():
    url, out = sys.argv[1], Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
        for width, height in ((1440, 900), (390, 844)):
            page = browser.new_page(viewport={"width": width, "height": height})
            errors = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(url)
            page.wait_for_selector("body[data-ready=true]")
            page.wait_for_selector("#preview svg")
            page.screenshot(path=str(out / f"page-{width}.png"), full_page=width < 600)
            box = page.locator("#preview").bounding_box()
            page.mouse.move(box["x"] + box["width"] * 0.6, box["y"] + box["height"] / 2)
            page.mouse.down()
            page.wait_for_timeout(700)
            page.screenshot(path=str(out / f"pressed-{width}.png"))
            page.mouse.up()
            if width > 600:
                page.locator("[data-theme='dark']").click()
                page.locator("[data-period='ALL']").click()
                page.wait_for_timeout(400)
                page.screenshot(path=str(out / "dark-all.png"))
                page.locator("#open-compare").click()
                page.wait_for_selector("#compare-charts .preview svg")
                page.wait_for_timeout(400)
                page.screenshot(path=str(out / "compare.png"))
                page.keyboard.press("Escape")
                page.locator("#open-export").click()
                page.wait_for_function("() => document.querySelector('#export-text').textContent.length > 100")
                page.screenshot(path=str(out / "export.png"))
            print(width, "console errors:", errors)
        browser.close()


if __name__ == "__main__":
    main()
