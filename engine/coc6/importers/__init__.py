"""Character documents in and out: キャラクター保管所, CCFOLIA, and yobigoe's own JSON.

Every importer builds the whole sheet first and validates it in one step, so a
broken document is refused with a message naming the field and nothing is
half-imported.
"""
