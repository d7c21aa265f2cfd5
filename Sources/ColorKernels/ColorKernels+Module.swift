// ColorKernels: see ARCHITECTURE.md. Filled by its issue.
