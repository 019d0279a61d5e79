// A quiz question with one right answer, shared by the tests of scoring through the API and of
// quizzes posted without JavaScript.

/** "Capital of France?": Paris is right, for 2 points. */
export const capitalQuestion = {
  id: "capital",
  fieldType: "radio",
  question: "Capital of France?",
  calcSettings: { calcType: "check_values", points: 2 },
  fieldSettings: {
    answerVariants: [
      { id: "paris", title: "Paris", checkValue: true },
      { id: "rome", title: "Rome" },
    ],
  },
};

/** A quiz of that one question, passed with its right answer. */
export const quizForm = {
  title: "Quiz",
  formPathAlias: "quiz",
  type: "calculation",
  resultsHandlingPassedFailed: {
    passingScore: 2,
    briefResult: { passed: "Well done", failed: "Not yet" },
  },
  fields: [capitalQuestion],
};
