"""What a player learns from: hints, the reviews of finished hands, the hand replayed trick by
trick, and the history with its statistics and charts."""
