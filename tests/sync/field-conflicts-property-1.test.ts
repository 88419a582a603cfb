import { describeProperty } from './fieldConflictsProperty';

// part 1 of issue 14's property runs (fieldConflictsProperty.ts): the runs are two files so two workers share them
describeProperty(1);
