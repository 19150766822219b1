#!/usr/bin/env python3
"""Writes packages/match/data/met-kazaross-xg2.json from GNU Backgammon's Kazaross-XG2 table.

Run by hand (never by tests), from the repository root:

    python3 packages/match/tools/import-met.py [/usr/share/gnubg/met/Kazaross-XG2.xml]

The XML is the one Debian's `gnubg` package installs. Its layout (gnubg matchequity.c, readMET):
<pre-crawford-table> row i, entry j = match-winning chance of a player i+1 away against one j+1
away; the <post-crawford-table player="both"> row, entry i = match-winning chance of the trailer
i+1 away against a leader 1 away, after the Crawford game. The file's licence asks that its
copyright notice be kept, so the notice travels into the JSON.
"""

import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

DEFAULT_SOURCE = "/usr/share/gnubg/met/Kazaross-XG2.xml"
OUT = Path(__file__).resolve().parent.parent / "data" / "met-kazaross-xg2.json"


def numbers(row):
    return [float(me.text) for me in row.findall("me")]


def fill(items, indent):
    """Number arrays laid out the way the repository's formatter (Biome, 120 columns) lays them out."""
    pad = " " * indent
    lines, line = [], ""
    for k, item in enumerate(items):
        piece = json.dumps(item) + ("," if k < len(items) - 1 else "")
        if line and len(pad) + len(line) + 1 + len(piece) > 120:
            lines.append(pad + line)
            line = piece
        else:
            line = f"{line} {piece}" if line else piece
    lines.append(pad + line)
    return "\n".join(lines)


def to_json(value, indent=0):
    pad = " " * indent
    if isinstance(value, dict):
        body = ",\n".join(f"{pad}  {json.dumps(k)}: {to_json(v, indent + 2)}" for k, v in value.items())
        return "{\n" + body + "\n" + pad + "}" + ("\n" if indent == 0 else "")
    if isinstance(value, list) and all(isinstance(v, float) for v in value):
        return "[\n" + fill(value, indent + 2) + "\n" + pad + "]"
    if isinstance(value, list):
        body = ",\n".join(pad + "  " + to_json(v, indent + 2) for v in value)
        return "[\n" + body + "\n" + pad + "]"
    return json.dumps(value)


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_SOURCE
    text = Path(source).read_text(encoding="utf-8")
    comment = re.search(r"<!--(.*?)-->", text, re.S)
    notice = " ".join(comment.group(1).split()) if comment else ""
    root = ET.fromstring(re.sub(r"<!DOCTYPE[^>]*>", "", text))

    pre_table = root.find("pre-crawford-table")
    post_table = root.find("post-crawford-table")
    if pre_table is None or post_table is None or pre_table.get("type") != "explicit":
        sys.exit("expected explicit pre- and post-Crawford tables")
    if post_table.get("player") != "both":
        sys.exit("expected one post-Crawford row for both players")
    length = int(root.findtext("info/length"))
    pre = [numbers(row) for row in pre_table.findall("row")]
    post = numbers(post_table.find("row"))
    if len(pre) != length or any(len(row) != length for row in pre) or len(post) < length - 1:
        sys.exit(f"table shape does not match length {length}")

    data = {
        "name": root.findtext("info/name"),
        "description": root.findtext("info/description"),
        "source": f"GNU Backgammon match equity table {Path(source).name} (Debian package gnubg, {source})",
        "notice": notice,
        "generatedBy": "packages/match/tools/import-met.py",
        "length": length,
        "layout": {
            "preCrawford": "preCrawford[i][j]: match-winning chance of a player i+1 away against one j+1 away; "
            "row 0 / column 0 are the Crawford game",
            "postCrawford": "postCrawford[i]: match-winning chance of the trailer i+1 away against a leader 1 away, "
            "after the Crawford game",
        },
        "preCrawford": pre,
        "postCrawford": post,
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(to_json(data), encoding="utf-8")
    print(f"wrote {OUT} ({length} x {length} pre-Crawford, {len(post)} post-Crawford)")


if __name__ == "__main__":
    main()
