"""Widgets the screens share: message areas, refused controls, wheel-safe value controls, small
dialogs.
"""
