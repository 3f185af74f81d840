"""The committed type stubs are what tools/stubgen.py writes from the
native module: every verb and every flag, so editors complete them."""

import pathlib
import subprocess
import sys
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "crates" / "games-py"


class Stubs(unittest.TestCase):
    def test_the_stubs_are_current(self):
        with tempfile.TemporaryDirectory() as fresh:
            subprocess.run([sys.executable, str(PACKAGE / "tools" / "stubgen.py"), fresh], check=True, capture_output=True)
            for made in sorted(pathlib.Path(fresh).iterdir()):
                committed = PACKAGE / "python" / "games" / made.name
                with self.subTest(stub=made.name):
                    self.assertTrue(committed.exists(), f"{committed} is missing: run tools/stubgen.py")
                    self.assertEqual(committed.read_text(), made.read_text(), f"{made.name} is stale: run tools/stubgen.py")

    def test_the_stubs_parse(self):
        import ast

        for stub in (PACKAGE / "python" / "games").glob("*.pyi"):
            with self.subTest(stub=stub.name):
                ast.parse(stub.read_text())


if __name__ == "__main__":
    unittest.main()
