"""The click commands and what only they use: options, finding packs, the runner, the build, the reports."""
