/** "Book Free Class" opens the contact form with this request already written. */
export const BOOK_FREE_CLASS_MESSAGE =
  "I would like to book a free IELTS class. Please tell me the next available date and time for the online class.";

export const bookFreeClassHref = `/contact?${new URLSearchParams({ message: BOOK_FREE_CLASS_MESSAGE })}`;
