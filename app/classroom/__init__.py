"""The classroom (issue 17): class codes and the teacher's view (class_pages), and watch links
that let anyone follow a game read-only (watch_pages); their JSON is app.api.classes and
app.api.watch. The domain lives beside them: classes (a class and its students' progress),
codes (the code and its QR code), watching (what a watcher may see), limits (rate limits on
code look-ups and joins).
"""
