// The Settings tab's groups that start closed (General is open): their code, with the number
// inputs several of them use, comes in one file when the builder is first pointed at.
export { AccessSection } from "./access-section.tsx";
export { ConsentSection } from "./consent-section.tsx";
export { CursorOutSection } from "./cursor-out-section.tsx";
export { FilesSection } from "./files-section.tsx";
export { QuestionsSection } from "./questions-section.tsx";
export { SubmissionSection } from "./submission-section.tsx";
export { TimersSection } from "./timers-section.tsx";
