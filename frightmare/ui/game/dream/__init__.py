"""Dr. Fright on screen: the Boiler Room and the Awake/Asleep banner."""
