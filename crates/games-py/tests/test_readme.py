"""The README's Python example runs as shown."""

import contextlib
import io
import pathlib
import re
import unittest

README = pathlib.Path(__file__).resolve().parents[3] / "README.md"


class Readme(unittest.TestCase):
    def test_python_example_runs(self):
        blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
        self.assertEqual(len(blocks), 1, "one Python example in the README")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(blocks[0], "README.md", "exec"), {})
        self.assertTrue(out.getvalue().startswith("kalah(pits=6,seeds=4,capture=seed) ["))


if __name__ == "__main__":
    unittest.main()
