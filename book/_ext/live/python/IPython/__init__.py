"""The few IPython names ipywidgets and the book's cells import, for the browser worker.

The live widgets run on plain Pyodide, where the real IPython (and its dozen dependencies) would
only add download and start-up time: there is no shell, so `get_ipython()` is None."""


def get_ipython():
    return None
