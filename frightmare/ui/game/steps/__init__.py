"""A play's steps on screen: his Killer Action and Panic, the Terror card, her Items, a Final
Health token."""
