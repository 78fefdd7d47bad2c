"""엘도라도 widgets: the map and cards as pictures, the movement planner, the play and table screens."""
