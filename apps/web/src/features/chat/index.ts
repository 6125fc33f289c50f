export { ChatBlock } from "./chat-block";
export { ChatToasts } from "./chat-toasts";
