"""The quiz screens: module picker, questions, feedback and exams."""
