enum KeyGramPipelinePlaceholder {}
