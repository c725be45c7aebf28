"""What a board shows, as plain column data: bokeh-free, so the page's own Python computes it too.

``widgets`` draws these layers with Bokeh (in JupyterLab and at site build);
the page's Web Worker, running the engine's wheel in Pyodide, computes the
very same layers after each move and hands them to BokehJS, which swaps each
named ``ColumnDataSource``'s data. One piece of code per idea: the layer
logic lives here only. Standard library and ``explorer`` only (the site
build puts this package in the engine's wheel beside ``explorer``).
"""
