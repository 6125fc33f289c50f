import { benchCount, mountBench } from "../../../bench/bench-page";
import { ChatBenchPage, serveChat } from "./chat-bench-page";

// The entry of chat-bench.html (?messages=100000&lang=ru&scheme=dark): the chat's calls are answered in the page.
const messages = benchCount("messages", 100_000, 10, 1_000_000);
serveChat(messages);
mountBench(<ChatBenchPage messages={messages} />);
