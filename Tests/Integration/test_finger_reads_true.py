"""Issue 39.4: while pressing, the header's price is the real trade at the selected time (the
series' price there), and the frame says where the marker is drawn, so the page can say when the
two differ."""
import re


def attr(svg, name):
    m = re.search(fr'{name}="([^"]*)"', svg)
    return m and m.group(1)


def test_selected_price_is_the_trade_and_the_drawn_height_is_reported(server):
    data = server.get("/api/data", params={"period": "1W", "maxPoints": 100000}).json()
    trades = {int(t): p for t, p in data["points"] if p is not None}
    smooth = {"period": "1W", "smoothing": "movingAverage", "pointSizing": "fixed", "pointCount": 40, "selection": 0.5}
    mid = server.get("/api/render", params={**smooth, "progress": 0.3}).text
    price, time = float(attr(mid, "data-selected-price")), float(attr(mid, "data-selected-time"))
    assert trades[int(time)] == price  # the real trade at that time, never the curve's height
    drawn = float(attr(mid, "data-selected-drawn-price"))
    assert abs(drawn - price) > 0  # the smoothed line is elsewhere: the page notes it
    pressed = server.get("/api/render", params={**smooth, "progress": 1}).text
    assert abs(float(attr(pressed, "data-selected-drawn-price")) - float(attr(pressed, "data-selected-price"))) < 1e-6 * price
    assert attr(server.get("/api/render", params={"period": "1W"}).text, "data-selected-drawn-price") is None
