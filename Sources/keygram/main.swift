print("keygram")
