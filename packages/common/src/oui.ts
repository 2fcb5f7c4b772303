/** cwmp-reference §5: an OUI is exactly 6 hex characters, or no Inform will ever match it. */
export const OUI_PATTERN = '^[0-9A-Fa-f]{6}$';
