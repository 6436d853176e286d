"""Dr. Fright's rules: Awake and Asleep, the Boiler Room, his Dark Power, Finale and attacks."""
