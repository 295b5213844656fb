"""The render socket lives in a worker and hands its answers over through shared memory, so that
Chromium's deferral of page tasks after a key press does not hold an answer back a frame."""
import os
import signal

from test_page import open_page, page  # noqa: F401  (fixtures)

SLIDER_STEPS = """async () => {
    const preview = document.querySelector('#preview');
    const slider = document.querySelector('#param-inactiveLineWidth');
    const before = preview.innerHTML;
    slider.focus();
    return before;
}"""


def press_slider_and_wait_for_chart(page):
    before = page.evaluate(SLIDER_STEPS)
    page.keyboard.press("ArrowRight")
    page.wait_for_function("before => document.querySelector('#preview').innerHTML !== before", arg=before)


def test_the_page_is_cross_origin_isolated_and_the_chart_follows_keys(page, server):
    open_page(page, server, "?preset=Default")
    assert page.evaluate("crossOriginIsolated") is True
    response = page.request.get(server.url + "/js/render-socket-worker.js")
    assert response.headers["cross-origin-embedder-policy"] == "require-corp"
    press_slider_and_wait_for_chart(page)


def test_without_shared_memory_answers_come_as_worker_messages(page, server):
    """A browser that cannot share memory with the worker still gets every answer."""
    page.add_init_script("Object.defineProperty(self, 'crossOriginIsolated', { value: false })")
    open_page(page, server, "?preset=Default")
    assert page.evaluate("crossOriginIsolated") is False
    for _ in range(3):
        press_slider_and_wait_for_chart(page)


def test_the_mailbox_carries_texts_whole_and_in_order_across_chunks(page, server):
    open_page(page, server, "?preset=Default")
    texts = ["", "one", "a text far longer than the sixteen bytes of the slot, with ä, € and 😀 cut at any byte", "€" * 40, "last"]
    got = page.evaluate("""async texts => {
        const { createMailbox, readMailbox, mailboxWriter } = await import('/js/socket-mailbox.js');
        const mailbox = createMailbox(16);
        const got = [];
        readMailbox(mailbox, text => got.push(text));
        const send = mailboxWriter(mailbox);
        for (const text of texts) send(text);
        for (let i = 0; i < 200 && got.length < texts.length; i++) await new Promise(r => setTimeout(r, 10));
        return got;
    }""", texts)
    assert got == texts


def test_the_mailbox_hands_over_at_once_what_has_arrived(page, server):
    """`take` delivers what the worker wrote at the moment it is called (the page calls it in a
    frame callback, before the wake-up that Chromium holds back until that frame is drawn)."""
    open_page(page, server, "?preset=Default")
    got = page.evaluate("""async () => {
        const { createMailbox, readMailbox, mailboxWriter } = await import('/js/socket-mailbox.js');
        const mailbox = createMailbox(8);
        const got = [];
        const take = readMailbox(mailbox, text => got.push(text));
        const send = mailboxWriter(mailbox);
        send('first');
        const before = got.length;
        take();
        const taken = [...got];
        send('a longer second text');  // three chunks: the rest is written as the page frees the slot
        for (let i = 0; i < 200 && got.length < 2; i++) await new Promise(r => setTimeout(r, 10));
        return { before, taken, all: got };
    }""")
    assert got == {"before": 0, "taken": ["first"], "all": ["first", "a longer second text"]}


def test_hundreds_of_answers_at_once_all_arrive(page, server):
    """The worker writes on its own thread while the page reads on its own: every interleaving of
    a chunk written and read must go on (a wait on a value the other side had already changed
    stalled the socket for good)."""
    open_page(page, server, "?preset=Default")
    got = page.evaluate("""async () => {
        const { renderChannel } = await import('/js/render-channel.js');
        for (let i = 0; i < 100 && !renderChannel.open; i++) await new Promise(r => setTimeout(r, 50));
        if (!renderChannel.open) return 'the socket did not open';
        const all = Promise.all(Array.from({ length: 800 }, (_, i) =>
            renderChannel.render({ period: '1M', width: 160 + (i % 90), height: 100, id: 'stress' + (i % 5) })));
        const stalled = new Promise(resolve => setTimeout(() => resolve('stalled'), 30000));
        const answers = await Promise.race([all, stalled]);
        return answers === 'stalled' ? answers : answers.filter(svg => svg.startsWith('<svg')).length;
    }""")
    assert got == 800


LINE_WIDTH = "Number(document.querySelector('#preview path#cw-line').getAttribute('stroke-width'))"
SLIDER_VALUE = "Number(document.querySelector('#param-inactiveLineWidth').value)"


def key_shows_its_chart_with_the_server_stopped(page, server, key):
    """Only a frame the page already holds can show while the server is stopped (SIGSTOP)."""
    os.kill(server.process.pid, signal.SIGSTOP)
    try:
        page.keyboard.press(key)
        page.wait_for_function(f"() => {LINE_WIDTH} === {SLIDER_VALUE}", timeout=2000)
    finally:
        os.kill(server.process.pid, signal.SIGCONT)


def test_keyboard_steps_show_frames_drawn_ahead_and_a_drag_asks_for_none(page, server):
    """After a key step the chart asks for the next step either way, from the frame it shows: with
    the server stopped, the next key still shows its chart at once; so does a slider's first key
    once it is focused other than by a pointer. A pointer on the slider jumps, so a drag asks for
    nothing ahead."""
    sent = []
    page.on("websocket", lambda socket: socket.on("framesent", lambda payload: sent.append(payload)))
    open_page(page, server, "?preset=Default&period=ALL")
    page.wait_for_function("() => document.querySelector('#preview').getAttribute('aria-busy') !== 'true'")
    slider = page.locator("#param-inactiveLineWidth")
    box = slider.bounding_box()
    before = page.evaluate(SLIDER_VALUE)
    page.wait_for_timeout(300)
    sent.clear()
    page.mouse.click(box["x"] + box["width"] * 0.8, box["y"] + box["height"] / 2)
    page.wait_for_function(f"() => {LINE_WIDTH} === {SLIDER_VALUE}")
    assert page.evaluate(SLIDER_VALUE) != before
    page.wait_for_timeout(400)
    # Still frames only: the first load's reveal is a motion.
    still = lambda: [p for p in sent if '"motion"' not in p]
    assert len(still()) == 1, sent

    sent.clear()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => {LINE_WIDTH} === {SLIDER_VALUE}")
    page.wait_for_timeout(400)
    # The step itself, then one step down and one up from it.
    assert len(still()) == 3, sent
    key_shows_its_chart_with_the_server_stopped(page, server, "ArrowRight")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"() => {LINE_WIDTH} === {SLIDER_VALUE}")

    # Another period (a click: the button takes the focus, the chart a new frame), then the slider
    # focused again without a pointer: its steps are drawn ahead before its first key.
    page.locator("[data-period='1Y']").click()
    page.wait_for_function("() => document.querySelector('#preview').getAttribute('aria-busy') !== 'true'")
    page.wait_for_timeout(300)
    slider.focus()
    page.wait_for_timeout(400)
    key_shows_its_chart_with_the_server_stopped(page, server, "ArrowLeft")
    assert page.errors == []
