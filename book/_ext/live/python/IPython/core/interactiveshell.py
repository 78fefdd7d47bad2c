"""ipywidgets' Output widget formats through the shell; live cells use no Output widget (the build
refuses one), so asking for the shell is an error."""


class InteractiveShell:
    @classmethod
    def instance(cls):
        raise RuntimeError("the Output widget needs an IPython shell; live cells cannot use it")
