"""ipywidgets front ends of the rules engines. A widget asks rules/ and shows the answer."""
