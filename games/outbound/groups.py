"""The channel-layer groups a table socket joins, and how a browser session is named in them.

>>> table_group(7), user_group(3)
('table_7', 'user_3')
"""

import hashlib


def table_group(table_id: int) -> str:
    """Every socket of the table: each version, chat lines, presence frames."""
    return f"table_{table_id}"


def user_group(user_id: int) -> str:
    """Every table socket of the user: the end of a browser session at logout."""
    return f"user_{user_id}"


def session_tag(session_key: str) -> str:
    """What names a browser session in messages: a hash, as session keys are secrets."""
    return hashlib.sha256(session_key.encode()).hexdigest()[:32]
