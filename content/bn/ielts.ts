// Bangla (bn-BD) twin of content/ielts.ts: content for /ielts-details.

import type { IeltsBatch, IeltsBenefit, IeltsMentor, IeltsOverview } from "../ielts";

export const ieltsOverview: IeltsOverview = {
  title: "অনলাইন IELTS ক্লাস",
  intro: "ঘরে বসেই IELTS Academic-এর প্রস্তুতি নিন: লাইভ অনলাইন ক্লাস, নিয়মিত মক টেস্ট, আর এমন মেন্টর যাঁরা নিজেরাই IELTS দিয়ে বিদেশে পড়তে গেছেন।",
};

export const ieltsBenefits: IeltsBenefit[] = [
  {
    title: "চারটি মডিউলই",
    text: "Listening, Reading, Writing ও Speaking-এর জন্য গোছানো পাঠ, সঙ্গে প্রতিটি ধরনের প্রশ্নের কৌশল।",
  },
  {
    title: "লাইভ অনলাইন ক্লাস",
    text: "বাংলাদেশের যেকোনো জায়গা থেকে যুক্ত হোন এবং ক্লাস চলাকালীনই প্রশ্ন করুন।",
  },
  {
    title: "পূর্ণাঙ্গ মক টেস্ট",
    text: "পরীক্ষার মতো পরিবেশে সময় ধরে প্র্যাকটিস টেস্ট, যাতে আসল পরীক্ষার আগেই নিজের ব্যান্ড জানতে পারেন।",
  },
  {
    title: "Writing-এর ফিডব্যাক",
    text: "আপনার Task 1 ও Task 2-এর লেখা IELTS-এর band descriptors (ব্যান্ড নির্ধারণের মানদণ্ড) অনুযায়ী মূল্যায়ন করা হয়, সঙ্গে থাকে স্পষ্ট মন্তব্য।",
  },
  {
    title: "Speaking প্র্যাকটিস",
    text: "আসল ইন্টারভিউয়ের ফরম্যাট মেনে ওয়ান-টু-ওয়ান Speaking সেশন।",
  },
  {
    title: "বিদেশে পড়া মেন্টর",
    text: "শিখুন তাঁদের কাছ থেকে, যাঁরা ভালো স্কোর করেছেন এবং এখন বিদেশের বিশ্ববিদ্যালয়ে পড়ছেন।",
  },
];

export const ieltsBatches: IeltsBatch[] = [
  {
    id: "weekend",
    name: "ব্যাচ ১: উইকেন্ড",
    description: "শুধু সাপ্তাহিক ছুটির দিনে ক্লাস, যাঁরা সপ্তাহের অন্য দিনগুলোতে পড়াশোনা বা চাকরি করেন তাঁদের জন্য।",
  },
  {
    id: "regular",
    name: "ব্যাচ ২: রেগুলার",
    description: "দ্রুত অগ্রগতির জন্য সপ্তাহের কর্মদিবসগুলোতে ক্লাস, যাঁরা সপ্তাহে কয়েক দিন পড়তে পারেন তাঁদের জন্য।",
  },
];

export const mentors: IeltsMentor[] = [
  {
    name: "Nusrat Jahan",
    university: "University of Toronto",
    score: "৮.০",
    bio: "পাবলিক হেলথে মাস্টার্সের শিক্ষার্থী, যিনি শিক্ষার্থীদের Writing Task 2-এর উত্তর পরিকল্পনা করতে সাহায্য করেন।",
  },
  {
    name: "Tanvir Hasan",
    university: "University of Manchester",
    score: "৮.৫",
    bio: "কম্পিউটার সায়েন্সের গ্র্যাজুয়েট শিক্ষার্থী, যিনি Listening ও Reading-এর কৌশলে বিশেষ জোর দেন।",
  },
  {
    name: "Farhana Akter",
    university: "Aalto University",
    score: "৭.৫",
    bio: "ফিনল্যান্ডে ইঞ্জিনিয়ারিংয়ের শিক্ষার্থী, যিনি Speaking প্র্যাকটিস সেশনগুলো পরিচালনা করেন।",
  },
  {
    name: "Rafiul Islam",
    university: "Arizona State University",
    score: "৮.০",
    bio: "বিজনেসের শিক্ষার্থী, যিনি শেয়ার করেন কীভাবে তিনি তিন মাসে ব্যান্ড ৬.৫ থেকে ৮.০-তে উঠেছেন।",
  },
];
