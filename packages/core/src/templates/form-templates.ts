import type { TElementInput } from "../element-schema.ts";
import type { TFormSettingsInput } from "../form-schema.ts";
import type { TemplateSet } from "./template-sets.ts";

/**
 * The starter forms of the templates page (forms.md §2 "Templates: forms"), written as exported
 * form JSON, so a template becomes a form through the same importForm an uploaded file does.
 * The create-form tour offers them in three sets: Marketing, HR and Education.
 */
export { TEMPLATE_SETS, type TemplateSet } from "./template-sets.ts";

export interface FormTemplate {
  id: string;
  set: TemplateSet;
  title: string;
  description: string;
  /** What the template shows off, as short tags for its card. */
  tags: string[];
  form: { form: TFormSettingsInput; fields: TElementInput[] };
}

type Extra = Partial<TElementInput>;

/** A question with no label or comment of its own: the question text says it all. */
const ask = (fieldType: TElementInput["fieldType"], id: string, question: string, extra: Extra = {}) =>
  ({ id, fieldType, question, fieldLabel: "", fieldComment: "", ...extra }) satisfies TElementInput;

/** A question the respondent must answer. */
const required = (fieldType: TElementInput["fieldType"], id: string, question: string, extra: Extra = {}) =>
  ask(fieldType, id, question, { isRequired: true, ...extra });

/** The contact details a registration or an application starts with. */
const contactFields = () => [
  required("text", "name", "Full name"),
  required("email", "email", "E-mail"),
  ask("phone", "phone", "Phone"),
];

const options = (titles: string[], correct: number[] = []) =>
  titles.map((title, index) => ({
    id: `v${index + 1}`,
    title,
    value: String(index + 1),
    checkValue: correct.includes(index),
    defaultChecked: false,
  }));

const choice = (
  fieldType: "radio" | "checkbox" | "select",
  id: string,
  question: string,
  titles: string[],
  extra: Extra = {},
) =>
  ask(fieldType, id, question, {
    ...extra,
    fieldSettings: { answerVariants: options(titles), ...extra.fieldSettings },
  });

const title = (id: string, text: string) => ({ id, fieldType: "title" as const, title: text });

/** One right answer among several, worth a point. */
const quizQuestion = (
  id: string,
  question: string,
  titles: string[],
  right: number,
  categories: string[] = [],
) =>
  required("radio", id, question, {
    fieldSettings: { answerVariants: options(titles, [right]) },
    calcSettings: { calcType: "check_values", notEmptyScore: 0, points: 1 },
    elementCategories: categories,
  });

/** A result for the scores from min to max: a brief title, its text and a value for integrations. */
const level = (
  minScore: number,
  maxScore: number,
  briefResult: string,
  detailedResult: string,
  hiddenValue: string,
) => ({
  minScore,
  maxScore,
  briefResult,
  detailedResult,
  hiddenValue,
});

/** A form-wide gradation: a level with its own id, in the field names of a gradations quiz. */
const gradation = (
  id: string,
  minScore: number,
  maxScore: number,
  briefResult: string,
  detailedResult: string,
  hiddenValue: string,
) => ({
  id,
  minScoreGradation: minScore,
  maxScoreGradation: maxScore,
  briefResultGradation: briefResult,
  detailedResultGradation: detailedResult,
  hiddenValue,
});

const AGREE = ["Agree", "Neither agree nor disagree", "Disagree"];
/** A statement of a personality trait: agreeing adds a point to the trait's category. */
const trait = (id: string, statement: string, category: string) =>
  quizQuestion(id, statement, AGREE, 0, [category]);

const nps: FormTemplate = {
  id: "nps",
  set: "marketing",
  title: "Net Promoter Score survey",
  description:
    "How likely customers are to recommend you, and why: the classic 0–10 question and a follow-up.",
  tags: ["NPS", "3 questions"],
  form: {
    form: {
      title: "How likely are you to recommend us?",
      description: "Two minutes of your time help us do better.",
      submitButtonDescription: "Send my answer",
    },
    fields: [
      required("nps", "recommend", "How likely are you to recommend us to a friend or colleague?"),
      ask("textarea", "reason", "What is the main reason for your score?", {
        fieldSettings: { placeholder: "Tell us in a few words" },
      }),
      choice(
        "radio",
        "channel",
        "How did you first hear about us?",
        ["Search engine", "Social media", "A friend or colleague", "Advertising"],
        { fieldSettings: { hasOtherVariant: true } },
      ),
    ],
  },
};

const customerFeedback: FormTemplate = {
  id: "customer-feedback",
  set: "marketing",
  title: "Customer feedback",
  description: "Satisfaction, what worked, what did not, and whether we may follow up.",
  tags: ["Rating", "5 questions"],
  form: {
    form: {
      title: "Tell us about your experience",
      description: "Your feedback goes straight to the team that can act on it.",
    },
    fields: [
      required("rate", "satisfaction", "Overall, how satisfied are you with our service?", {
        fieldSettings: { maxRating: 5 },
      }),
      choice("checkbox", "liked", "What did you like?", [
        "Quality",
        "Price",
        "Speed of delivery",
        "Customer support",
        "Ease of use",
      ]),
      ask("textarea", "improve", "What could we do better?"),
      choice("radio", "again", "Would you buy from us again?", ["Yes", "Maybe", "No"], { isRequired: true }),
      ask("email", "contact", "Your e-mail, if you would like us to reply"),
    ],
  },
};

const leadGeneration: FormTemplate = {
  id: "lead-generation",
  set: "marketing",
  title: "Lead generation",
  description: "Collect contacts of interested prospects, with their company and interests.",
  tags: ["Contacts", "6 questions"],
  form: {
    form: {
      title: "Get a personal demo",
      description: "Leave your details and we will get in touch within a day.",
    },
    fields: [
      required("text", "name", "Your name"),
      required("email", "email", "Work e-mail"),
      ask("text", "company", "Company"),
      choice("select", "size", "Company size", ["1–10", "11–50", "51–200", "201–1000", "More than 1000"]),
      choice("checkbox", "interests", "What are you interested in?", [
        "Surveys",
        "Quizzes",
        "Registrations",
        "Analytics",
      ]),
      required("decisionBox", "consent", "I agree to be contacted about this request", {
        fieldLabel: "I agree",
      }),
    ],
  },
};

const eventRegistration: FormTemplate = {
  id: "event-registration",
  set: "events",
  title: "Event registration",
  description: "Sign attendees up for an event: contact details, sessions and dietary needs.",
  tags: ["Registration", "7 questions"],
  form: {
    form: {
      title: "Register for the event",
      description: "Places are limited; register by the end of the month.",
      submitButtonDescription: "Register",
      afterFormFillingActions: {
        thankYouPageTitle: "You are registered!",
        thankYouPageText: "We have saved your place and will send the programme before the event.",
      },
    },
    fields: [
      ...contactFields(),
      ask("text", "organisation", "Organisation"),
      choice(
        "checkbox",
        "sessions",
        "Which sessions will you attend?",
        ["Morning keynote", "Workshop A", "Workshop B", "Evening networking"],
        { isRequired: true },
      ),
      choice("radio", "diet", "Dietary requirements", ["None", "Vegetarian", "Vegan", "Gluten-free"], {
        fieldSettings: { hasOtherVariant: true },
      }),
      ask("textarea", "notes", "Anything else we should know?"),
    ],
  },
};

const jobApplication: FormTemplate = {
  id: "job-application",
  set: "hr",
  title: "Job application",
  description: "Applicant details, the position, experience, a CV upload and a cover letter.",
  tags: ["File upload", "8 questions"],
  form: {
    form: {
      title: "Apply for a position",
      description: "Tell us about yourself; we answer every application within two weeks.",
      submitButtonDescription: "Send application",
    },
    fields: [
      ...contactFields(),
      choice(
        "select",
        "position",
        "Position you are applying for",
        ["Software engineer", "Product designer", "Sales manager", "Customer support specialist"],
        { isRequired: true },
      ),
      ask("number", "experience", "Years of relevant experience", {
        validationSettings: { min: 0, max: 60 },
      }),
      ask("website", "portfolio", "Portfolio or LinkedIn profile"),
      ask("file", "cv", "Your CV", {
        fieldSettings: { accept: [".pdf", ".doc", ".docx"], maxFileSizeMb: 10 },
      }),
      ask("textarea", "letter", "Why do you want to join us?", { validationSettings: { maxLength: 3000 } }),
    ],
  },
};

const employeeSatisfaction: FormTemplate = {
  id: "employee-satisfaction",
  set: "hr",
  title: "Employee satisfaction",
  description: "A short, anonymous pulse survey on workload, team and growth.",
  tags: ["Matrix", "4 questions"],
  form: {
    form: { title: "How is work going?", description: "Anonymous: your name is never asked." },
    fields: [
      required("matrix", "aspects", "How satisfied are you with…", {
        fieldSettings: {
          answerVariants: options(["Very satisfied", "Satisfied", "Unsatisfied"]),
          questions: ["Your workload", "Your team", "Your manager", "Chances to grow"].map(
            (question, index) => ({
              id: `r${index + 1}`,
              question,
            }),
          ),
        },
      }),
      ask("nps", "recommend", "How likely are you to recommend us as an employer?"),
      ask("textarea", "change", "If you could change one thing, what would it be?"),
      choice("radio", "stay", "Do you see yourself working here in a year?", ["Yes", "Not sure", "No"]),
    ],
  },
};

const knowledgeQuiz: FormTemplate = {
  id: "knowledge-quiz",
  set: "education",
  title: "Knowledge quiz with gradations",
  description: "Five questions on the web's basics, scored, with a result for each range of scores.",
  tags: ["Quiz", "Gradations"],
  form: {
    form: {
      title: "How well do you know the web?",
      description: "Five questions, one point each.",
      type: "calculation",
      resultType: "gradations",
      resultsHandlingGradation: [
        gradation(
          "beginner",
          0,
          2,
          "Beginner",
          "A good start: read about how browsers and servers talk, then try again.",
          "beginner",
        ),
        gradation(
          "intermediate",
          3,
          4,
          "Well informed",
          "You know the basics well; one or two details slipped.",
          "intermediate",
        ),
        gradation("expert", 5, 5, "Expert", "Every answer right.", "expert"),
      ],
    },
    fields: [
      quizQuestion(
        "q1",
        "What does HTML stand for?",
        ["Hyperlinks and Text Markup Language", "HyperText Markup Language", "Home Tool Markup Language"],
        1,
      ),
      quizQuestion("q2", "Which status code means “Not Found”?", ["200", "301", "404", "500"], 2),
      quizQuestion("q3", "Which language styles web pages?", ["CSS", "SQL", "Python"], 0),
      quizQuestion("q4", "What does the “s” in https stand for?", ["Simple", "Secure", "Server"], 1),
      quizQuestion("q5", "Which of these is a web browser?", ["Linux", "Firefox", "Apache"], 1),
    ],
  },
};

const personalityTest: FormTemplate = {
  id: "personality-test",
  set: "hr",
  title: "Personality test with categories",
  description: "Six statements scored into two traits, extraversion and openness, each with its own result.",
  tags: ["Test", "Categories"],
  form: {
    form: {
      title: "What is your working style?",
      description: "Say how much each statement is like you. There are no wrong answers.",
      type: "calculation",
      resultType: "categories",
      resultsHandlingGradationCategories: [
        {
          id: "extraversion",
          title: "Extraversion",
          levels: [
            level(0, 1, "Reserved", "You recharge on your own and think before you speak.", "E-low"),
            level(2, 3, "Outgoing", "You draw energy from people and enjoy working in a group.", "E-high"),
          ],
        },
        {
          id: "openness",
          title: "Openness",
          levels: [
            level(0, 1, "Practical", "You prefer proven ways and concrete results.", "O-low"),
            level(2, 3, "Curious", "You like new ideas and trying things differently.", "O-high"),
          ],
        },
      ],
    },
    fields: [
      trait("p1", "I enjoy meeting new people.", "extraversion"),
      trait("p2", "I like trying new ways of doing things.", "openness"),
      trait("p3", "I feel comfortable speaking in front of a group.", "extraversion"),
      trait("p4", "I am interested in ideas from other fields.", "openness"),
      trait("p5", "I would rather work with others than alone.", "extraversion"),
      trait("p6", "I enjoy art, music or literature that surprises me.", "openness"),
    ],
  },
};

const courseEvaluation: FormTemplate = {
  id: "course-evaluation",
  set: "education",
  title: "Course evaluation",
  description: "Students rate a course, its teacher and materials, and suggest changes.",
  tags: ["Rating", "6 questions"],
  form: {
    form: { title: "Course evaluation", description: "Help us make the next run of this course better." },
    fields: [
      required("text", "course", "Course name"),
      title("ratings", "Your ratings"),
      required("rate", "overall", "How would you rate the course overall?"),
      ask("rate", "teacher", "How clear was the teacher?"),
      ask("slider", "pace", "How was the pace? (1 too slow, 10 too fast)", {
        validationSettings: { min: 1, max: 10, step: 1 },
      }),
      ask("textarea", "suggestions", "What would you change?"),
    ],
  },
};

export const FORM_TEMPLATES: readonly FormTemplate[] = [
  nps,
  customerFeedback,
  leadGeneration,
  eventRegistration,
  jobApplication,
  employeeSatisfaction,
  personalityTest,
  knowledgeQuiz,
  courseEvaluation,
];

export const formTemplate = (id: string) => FORM_TEMPLATES.find((template) => template.id === id);

/** The template as the JSON file importForm reads. */
export const templateDocument = (template: FormTemplate) => JSON.stringify(template.form);
