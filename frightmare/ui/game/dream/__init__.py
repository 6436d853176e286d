"""Dr. Fright on screen: the Boiler Room, the Awake/Asleep banner and his cards."""
