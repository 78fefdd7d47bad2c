"""아키올로지 widgets: one function per rule section, each returning an ipywidgets widget."""
