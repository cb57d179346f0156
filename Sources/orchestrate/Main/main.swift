import CLI
print("orchestrate")
