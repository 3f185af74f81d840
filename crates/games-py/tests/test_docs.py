"""Every Python example in docs/python.md runs as shown."""

import contextlib
import io
import os
import pathlib
import re
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "python.md"


class Docs(unittest.TestCase):
    def test_every_python_block_runs(self):
        blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)
        self.assertGreaterEqual(len(blocks), 4)
        here = os.getcwd()
        os.chdir(ROOT)
        try:
            for i, block in enumerate(blocks):
                with self.subTest(block=i):
                    with contextlib.redirect_stdout(io.StringIO()):
                        exec(compile(block, f"docs/python.md block {i}", "exec"), {})
        finally:
            os.chdir(here)


if __name__ == "__main__":
    unittest.main()
