"""Dialogs of the shell: new session, character editing, and the prompts that ask the user."""
