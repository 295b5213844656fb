"""Springs a designer can tune (issue 18, item 5): named springs beside the easing set Apple's
duration and bounce; the controls show that form's parameters; one click is one undo step; the
chart's motion follows (the page's easing graph asks the engine)."""
from test_page import open_page, page  # noqa: F401  (fixtures)


def easing_duration(page):
    return page.evaluate("""async () => {
        const q = new URLSearchParams({easing: document.querySelector('#param-easing').value,
            springDuration: document.querySelector('#param-springDuration-number').value,
            springBounce: document.querySelector('#param-springBounce-number').value,
            springVelocity: document.querySelector('#param-springVelocity-number').value});
        return (await (await fetch('/api/easing?' + q)).json()).duration;
    }""")


def test_named_springs_set_duration_and_bounce(page, server):
    open_page(page, server)
    schema = page.evaluate("fetch('/api/schema').then(r => r.json())")
    easing = next(p for p in schema["parameters"] if p["key"] == "easing")
    assert [p["label"] for p in easing["presets"]] == ["Smooth", "Snappy", "Bouncy"]
    buttons = page.locator(".control[data-key=easing] .shortcuts button")
    assert buttons.all_inner_texts() == ["Smooth", "Snappy", "Bouncy"]
    assert not page.locator("#param-springBounce").is_visible()
    buttons.filter(has_text="Bouncy").click()
    assert page.locator("#param-easing").input_value() == "perceptualSpring"
    assert page.locator("#param-springBounce-number").input_value() == "0.30"
    assert page.locator("#param-springDuration-number").input_value() == "0.50"
    # The duration-and-bounce form shows its own controls, not UIKit's damping or the fixed duration.
    assert page.locator("#param-springBounce").is_visible() and page.locator("#param-springDuration").is_visible()
    assert page.locator("#param-springVelocity").is_visible()
    assert not page.locator("#param-springDamping").is_visible() and not page.locator("#param-animationDuration").is_visible()
    bouncy = easing_duration(page)
    buttons.filter(has_text="Snappy").click()
    assert page.locator("#param-springBounce-number").input_value() == "0.15"
    assert easing_duration(page) < bouncy   # less bounce settles sooner at the same pace
    # One click, one undo step: back to Bouncy, then to the preset's own easing (undo asks the
    # server, which holds the shared draft: wait for its answer).
    page.locator("#undo").click()
    page.wait_for_function("() => document.querySelector('#param-springBounce-number').value === '0.30'")
    page.locator("#undo").click()
    page.wait_for_function("() => document.querySelector('#param-easing').value === 'easeInOut'")
    assert page.errors == []
