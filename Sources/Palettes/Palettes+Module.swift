// Palettes: see ARCHITECTURE.md. Filled by its issue.
