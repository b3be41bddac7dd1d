// The play page: filled in by play mode (issue 17).
