import { describeProperty } from './fieldConflictsProperty';

// part 2 of issue 14's property runs (fieldConflictsProperty.ts): the runs are two files so two workers share them
describeProperty(2);
