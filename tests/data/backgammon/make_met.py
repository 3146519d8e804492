"""Prints the Kazaross-XG2 match equity table as the Rust constants of src/ai/met.rs,
from the XML file GNU Backgammon ships (/usr/share/gnubg/met/Kazaross-XG2.xml).

Run: python3 tests/data/backgammon/make_met.py > /tmp/met_tables.rs
"""
import xml.etree.ElementTree as ET

root = ET.parse("/usr/share/gnubg/met/Kazaross-XG2.xml").getroot()
pre = [[float(me.text) for me in row.findall("me")] for row in root.find("pre-crawford-table").findall("row")]
post = [float(me.text) for me in root.find("post-crawford-table").find("row").findall("me")]
assert len(pre) == 25 and all(len(r) == 25 for r in pre) and len(post) == 25
print("/// Pre-Crawford: `PRE[i][j]` is the chance of the side `i + 1` away winning against `j + 1`")
print("/// away (a 1-away row or column is the Crawford game).")
print("const PRE: [[f64; 25]; 25] = [")
for r in pre:
    print("    [" + ", ".join(repr(x) for x in r) + "],")
print("];")
print()
print("/// Post-Crawford: `POST[j]` is the chance of the trailer `j + 1` away against the leader 1 away.")
print("const POST: [f64; 25] = [" + ", ".join(repr(x) for x in post) + "];")
