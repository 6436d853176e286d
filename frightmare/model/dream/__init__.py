"""Dr. Fright's rules: Awake and Asleep, the Boiler Room deck, his Dark Power, Finale and
attacks."""
