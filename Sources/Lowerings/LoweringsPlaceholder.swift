public enum LoweringsModule {}
