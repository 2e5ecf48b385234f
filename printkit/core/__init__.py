"""Building blocks every layer may use and that use nothing above them: findings, suggestions, pack paths,
fonts, millimetre geometry, atomic output and the build's state."""
