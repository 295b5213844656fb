"""schemathesis hooks for scripts/contract.sh: a CSV upload's body is documented as its rows
(`[{"time", "price"}]`, see the OpenAPI document); this writes the rows schemathesis generates
as the CSV text the server reads (the time and price columns; other members of a row are not
columns), so valid rows make a valid file and broken rows a broken one."""
import schemathesis


def number(value):
    """A number as a CSV writes it: plain decimals, never exponents."""
    if value is None:
        return ""  # a row without a price: a gap
    if isinstance(value, float) and value == value and abs(value) != float("inf"):
        return format(value, "f")
    return str(value)


@schemathesis.serializer("text/csv")
def csv_rows(ctx, value):
    if not isinstance(value, list):
        return str(value).encode()
    lines = ["time,price"]
    for row in value:
        if isinstance(row, dict):
            lines.append(",".join(number(row.get(key, "")) for key in ("time", "price")))
        else:
            lines.append(str(row))
    return ("\n".join(lines) + "\n").encode()
