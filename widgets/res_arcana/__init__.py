"""Widgets of the 레즈 아르카나 chapter (book/res_arcana)."""
