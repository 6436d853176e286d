"""Widgets the screens share: message areas, refused controls, wheel-safe value controls, card
name combos, a damage row, labels that fit their room, small dialogs.
"""
