// ColorExport: see ARCHITECTURE.md. Filled by its issue.
