# Development data. Run with bin/rails db:seed; write it to be safe to run twice,
# for example with find_or_create_by!.
