"""The rules booklet: a Markdown source in the pack, with placeholders for what the data knows."""
