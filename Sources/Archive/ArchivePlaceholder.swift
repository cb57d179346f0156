public enum ArchiveModule {}
